import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SearchFacets as Facets } from '#shared/api/search';
import { refined, searchHref, type SearchState } from './searchState';

interface Props {
  state: SearchState;
  facets: Facets;
}

/**
 * Beside the results: how many matches each publisher and tag holds, each a link that narrows
 * the search to it (a tag adds to those already chosen), and the premium filter. What is chosen
 * shows as chosen; the filters above the results take it off again.
 */
export function SearchFacets({ state, facets }: Props) {
  return (
    <aside aria-label="Narrow the results" className="space-y-6 text-sm">
      <FacetGroup title="Publishers">
        {facets.publishers.map(({ name, count }) => (
          <FacetItem
            key={name}
            label={name}
            count={count}
            chosen={state.publisher.toLowerCase() === name.toLowerCase()}
            href={searchHref(refined(state, { publisher: name }))}
          />
        ))}
      </FacetGroup>
      <FacetGroup title="Tags">
        {facets.tags.map(({ tag, count }) => (
          <FacetItem
            key={tag}
            label={tag}
            count={count}
            chosen={state.tags.includes(tag)}
            href={searchHref(refined(state, { tags: [...state.tags, tag].sort() }))}
          />
        ))}
      </FacetGroup>
      <FacetGroup title="Premium">
        <FacetItem
          label="Premium only"
          chosen={state.premium === true}
          href={searchHref(refined(state, { premium: true }))}
        />
        <FacetItem
          label="Free only"
          chosen={state.premium === false}
          href={searchHref(refined(state, { premium: false }))}
        />
      </FacetGroup>
    </aside>
  );
}

function FacetGroup({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <section>
      <h2 className="border-b border-ink pb-1 text-xs font-bold tracking-widest uppercase">
        {title}
      </h2>
      <ul className="mt-2 space-y-1">{children}</ul>
    </section>
  );
}

function FacetItem(props: { label: string; count?: number; chosen: boolean; href: string }) {
  const { label, count, chosen, href } = props;
  const content = (
    <>
      <span>{label}</span>
      {count !== undefined && (
        <span className={clsx('tabular-nums', !chosen && 'text-ink-muted')}>{count}</span>
      )}
    </>
  );
  const rowClass = 'flex justify-between gap-3 rounded-sm px-2 py-1';
  return (
    <li>
      {chosen ? (
        <span aria-current="true" className={clsx(rowClass, 'bg-ink font-semibold text-paper')}>
          {content}
        </span>
      ) : (
        <Link to={href} className={clsx(rowClass, 'hover:bg-rule/60 hover:text-accent')}>
          {content}
        </Link>
      )}
    </li>
  );
}
