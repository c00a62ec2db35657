/** An article an editor declined: its message for the author stands until the author edits it. */
export function isDeclined(article: { adminMessage: string | null }): boolean {
  return Boolean(article.adminMessage);
}

/**
 * Whether an edit goes to an editor's review instead of live: an edit of a published article,
 * unless an admin makes it (docs/decisions/004-pending-revisions.md). The editor is the author
 * or an admin; nobody else may edit.
 */
export function editGoesToReview(
  article: { isApproved: boolean },
  editor: { isAdmin: boolean },
): boolean {
  return article.isApproved && !editor.isAdmin;
}
