import { describe, expect, it } from 'vitest';
import { allArticlesSearch, canonicalPath } from './search';

const searchOf = (query: string) => allArticlesSearch(new URLSearchParams(query));

describe('allArticlesSearch', () => {
  it("reads the form's fields and the page, and asks for that page of approved articles", () => {
    expect(searchOf('title=rain&publisher=Courier&tags=sports&page=3')).toEqual({
      search: { title: 'rain', publisher: 'Courier', tags: 'sports' },
      page: 3,
      list: {
        isApproved: true,
        title: 'rain',
        publisher: 'Courier',
        tags: ['sports'],
        page: 3,
        limit: 12,
      },
    });
  });

  it('starts with an empty form on page 1', () => {
    const { search, page, list } = searchOf('');
    expect(search).toEqual({ title: '', publisher: '', tags: '' });
    expect(page).toBe(1);
    expect(list).toMatchObject({ isApproved: true, page: 1, limit: 12 });
  });

  it('asks for the tags as the API reads them: trimmed, lower case, each once', () => {
    expect(searchOf('tags=Sports,%20health,,sports').list.tags).toEqual(['sports', 'health']);
    expect(searchOf('tags=Sports,%20health,,sports').search.tags).toBe('Sports, health,,sports');
  });

  it('never lets the address ask for unapproved articles', () => {
    expect(searchOf('isApproved=false').list.isApproved).toBe(true);
  });
});

describe('canonicalPath', () => {
  it('is the bare page for an empty search on page 1', () => {
    expect(canonicalPath({ title: '', publisher: ' ', tags: '' }, 1)).toBe('/allpublishedarticles');
  });

  it('drops the empty fields a form sent without script carries', () => {
    expect(canonicalPath({ title: 'rain', publisher: '', tags: '' }, 1)).toBe(
      '/allpublishedarticles?title=rain',
    );
  });

  it('names the page from 2 on', () => {
    expect(canonicalPath({ title: '', publisher: '', tags: 'sports' }, 2)).toBe(
      '/allpublishedarticles?tags=sports&page=2',
    );
    expect(canonicalPath({ title: '', publisher: '', tags: '' }, 4)).toBe(
      '/allpublishedarticles?page=4',
    );
  });
});
