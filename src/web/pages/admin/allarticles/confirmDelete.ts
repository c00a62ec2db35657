import { errorMessage, showAlert } from '../../../components/dialogs/alert';

/** The admin's delete conversation (spec): 'Are you sure?', then 'Deleted!' or 'Cancelled'. */
export async function confirmDelete(remove: () => Promise<unknown>): Promise<void> {
  const confirmed = await showAlert({
    icon: 'warning',
    title: 'Are you sure?',
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
