import { AddPublisherForm } from './AddPublisherForm';

export function AddPublisherPage() {
  return (
    <section className="mx-auto max-w-lg">
      <h1 className="text-center font-serif text-3xl font-bold sm:text-4xl">Add Publisher Here</h1>
      <div className="mt-8 rounded-sm border border-rule bg-surface p-6">
        <AddPublisherForm />
      </div>
    </section>
  );
}
