import { useSearchParams } from 'react-router';
import { pageParam, withPage } from '#web/lib/pageParam';

/** The list's page from `?page=`, and a setter that writes it back to the address. */
export function usePageInUrl(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  return [pageParam(params), (page) => setParams(new URLSearchParams(withPage(params, page)))];
}
