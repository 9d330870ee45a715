import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers), shared by every
 * server the process builds: a route schema is compiled once per process, not once per instance.
 * Compiling every route's schemas was most of what building a server cost (about 0.35 s), which the
 * test suites pay for each of the hundreds of servers they start. Ajv's pool and its own cache hold
 * the validators; the serializers are cached here by schema object and options.
 */
export const schemaCompilers = {
  buildValidator: AjvCompiler(),
  buildSerializer: sharedSerializers(),
};

function sharedSerializers(): typeof buildSerializer {
  const buildSerializer = SerializerSelector();
  const compiled = new WeakMap<object, Map<string, ReturnType<ReturnType<typeof buildSerializer>>>>();
  return (externalSchemas, options) => {
    const compile = buildSerializer(externalSchemas, options);
    const key = JSON.stringify([externalSchemas, options]);
    return (route) => {
      if (typeof route.schema !== 'object' || route.schema === null) return compile(route);
      let byOptions = compiled.get(route.schema);
      if (!byOptions) compiled.set(route.schema, (byOptions = new Map()));
      let serialize = byOptions.get(key);
      if (!serialize) byOptions.set(key, (serialize = compile(route)));
      return serialize;
    };
  };
}
