import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';

import { server, url } from './msw';

type User = ReturnType<typeof userEvent.setup>;

/** A JSON request body, for serveWrite. */
export const jsonBody = (request: Request): Promise<unknown> => request.json();

/**
 * Answers `method path` with what `answer` makes of the body sent (read by `read`: JSON or a form's
 * fields), keeping every body, so that a test can check what was sent, and that nothing was.
 */
export function serveWrite<Body>(
  method: 'post' | 'put' | 'patch' | 'delete',
  path: string,
  read: (request: Request) => Promise<Body>,
  answer: (body: Body) => Response | Promise<Response>,
) {
  const sent: Body[] = [];
  server.use(
    http[method](url(path), async ({ request }) => {
      const body = await read(request);
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

/**
 * Answers POST `path` with 201 and the item `save` makes of the JSON sent, put first in the test
 * backend's `list` (the server lists the newest first); keeps every body sent, as serveWrite does.
 */
export function serveAddition<Item extends JsonBodyType>(path: string, list: Item[], save: (body: unknown) => Item) {
  return serveWrite('post', path, jsonBody, (body) => {
    const item = save(body);
    list.unshift(item);
    return HttpResponse.json(item, { status: 201 });
  });
}

/**
 * Answers DELETE `path` with 204 after `onDelete` (which drops the item from the test's backend),
 * counting the calls so that a test can tell nothing was deleted.
 */
export function serveDelete(path: string, onDelete: () => void = () => undefined) {
  const calls = { count: 0 };
  server.use(
    http.delete(url(path), () => {
      calls.count += 1;
      onDelete();
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

/**
 * Answers PATCH and DELETE `path` for a test backend whose `list` holds one item: an edit puts what `save`
 * makes of the JSON sent in its place, a deletion empties the list. Keeps the bodies sent, as serveWrite does,
 * and counts the deletions, as serveDelete does.
 */
export function serveItemChanges<Item extends JsonBodyType>(path: string, list: Item[], save: (body: unknown) => Item) {
  const sent = serveWrite('patch', path, jsonBody, (body) => {
    const item = save(body);
    list.splice(0, list.length, item);
    return HttpResponse.json(item);
  });
  const deleted = serveDelete(path, () => list.splice(0));
  return { sent, deleted };
}

/**
 * Presses the Edit button named `button` of a staff list and checks that the form above the list takes the item:
 * its heading turns to `heading` and its first field, labelled `field`, has the focus. Returns that field.
 */
export async function editAbove(user: User, button: string, heading: string, field: RegExp) {
  await user.click(await screen.findByRole('button', { name: button }));
  expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  const input = screen.getByLabelText(field);
  expect(input).toHaveFocus();
  return input;
}

/**
 * Presses the delete button named `button` as a person who thinks twice: the question it asks (its name and
 * "?") answered no, and nothing is deleted; then yes, and the deletion `deleted` counts goes out once `done` shows.
 */
export async function deleteAfterAsking(user: User, deleted: { count: number }, button: string, done: string) {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  await user.click(await screen.findByRole('button', { name: button }));
  expect(deleted.count).toBe(0);
  await user.click(screen.getByRole('button', { name: button }));
  expect(await screen.findByText(done)).toBeInTheDocument();
  expect(confirm).toHaveBeenCalledWith(`${button}?`);
  expect(deleted.count).toBe(1);
}

/** Presses the delete button named `button`, confirming, while DELETE `path` answers 404: the screen says `refused`. */
export async function deletionRefused(user: User, path: string, button: string, refused: string) {
  server.use(http.delete(url(path), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(await screen.findByRole('button', { name: button }));
  expect(await screen.findByText(refused)).toBeInTheDocument();
}
