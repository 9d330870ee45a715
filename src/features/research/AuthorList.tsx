import { Fragment } from 'react';

import { isOwner } from './authors';

/** The authors in order, the site's owner among them emphasised. */
export function AuthorList({ authors, owner }: { authors: string[]; owner: string }) {
  return authors.map((author, index) => (
    <Fragment key={`${author}-${index}`}>
      {index > 0 && ', '}
      {isOwner(author, owner) ? <strong>{author}</strong> : author}
    </Fragment>
  ));
}
