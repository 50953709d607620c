import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { formatDate } from '../../../lib/format';

export function LegalPage({
  title,
  updated,
  intro,
  children,
}: {
  readonly title: string;
  readonly updated: string;
  readonly intro: ReactNode;
  readonly children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="page page--content">
      <article className="prose prose--legal">
        <p className="prose__tag">Legal</p>
        <h1>{title}</h1>
        <p className="prose__meta">Last updated {formatDate(updated)}</p>
        <p className="prose__lead">{intro}</p>
        {children}
      </article>
    </div>
  );
}
