/** Holds the page's place while its code loads on the first visit (the router's HydrateFallback). */
export function PageLoading() {
  return (
    <div className="min-h-[50vh]">
      <p role="status" className="sr-only">
        Loading…
      </p>
    </div>
  );
}
