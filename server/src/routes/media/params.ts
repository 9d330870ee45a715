import { Type } from '@sinclair/typebox';

/** A row id in the path; anything else is answered 404. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
