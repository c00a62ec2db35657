import { errorMessage, showAlert } from '#web/components/dialogs/alert';

/**
 * The spec's delete conversation: a question, then 'Deleted!' or 'Cancelled'. `remove` deletes
 * the article (and refreshes the list); a failure shows its cause. The spec words the question
 * 'Are You sure?' for authors and 'Are you sure?' for admins.
 */
export async function deleteWithConfirm(
  title: 'Are You sure?' | 'Are you sure?',
  remove: () => Promise<unknown>,
): Promise<void> {
  const confirmed = await showAlert({
    icon: 'warning',
    title,
    text: "You won't be able to revert this!",
    confirmText: 'Yes, delete it!',
    cancelText: 'No, cancel!',
  });
  if (!confirmed) {
    await showAlert({ icon: 'error', title: 'Cancelled', text: 'The Article is not deleted' });
    return;
  }
  try {
    await remove();
  } catch (error) {
    await showAlert({
      icon: 'error',
      title: 'Oops...',
      text: 'The Article could not be deleted.',
      footer: errorMessage(error),
    });
    return;
  }
  await showAlert({ icon: 'success', title: 'Deleted!', text: 'The Article has been deleted.' });
}
