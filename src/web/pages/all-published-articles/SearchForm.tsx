import { Search } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { TextField } from '#web/components/form/TextField';
import { buttonClass } from '#web/components/ui/button';
import { usePublishers } from '#web/lib/api/publishers';
import { paths } from '#shared/paths';

export interface ArticleSearch {
  title: string;
  publisher: string;
  /** Comma-separated, as typed. */
  tags: string;
}

interface Props {
  /** The search in the address; the form starts from it (remount it when the address changes). */
  initial: ArticleSearch;
  onSearch: (search: ArticleSearch) => void;
}

/**
 * The three search inputs and the Search button. Without JavaScript it is a plain GET form to
 * All Articles, whose results the server renders; with it, the page searches in place.
 */
export function SearchForm({ initial, onSearch }: Props) {
  // The publisher filter takes any part of a name; the browser suggests the known ones.
  const publishers = usePublishers();
  const publisherListId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    onSearch({ title: value('title'), publisher: value('publisher'), tags: value('tags') });
  }

  return (
    <form
      role="search"
      aria-label="Search articles"
      method="get"
      action={paths.allArticles}
      onSubmit={submit}
      className="grid gap-4 border border-rule bg-surface p-4 sm:p-5 md:grid-cols-[1fr_1fr_1fr_auto] md:items-end"
    >
      <TextField label="Title" name="title" type="search" defaultValue={initial.title} />
      <TextField
        label="Publisher"
        name="publisher"
        type="search"
        list={publisherListId}
        defaultValue={initial.publisher}
      />
      <datalist id={publisherListId}>
        {publishers.data?.map((item) => (
          <option key={item._id} value={item.publisher} />
        ))}
      </datalist>
      <TextField
        label="Tags"
        name="tags"
        type="search"
        placeholder="e.g. sports, health"
        defaultValue={initial.tags}
      />
      <button type="submit" className={buttonClass()}>
        <Search aria-hidden className="size-4" />
        Search
      </button>
    </form>
  );
}
