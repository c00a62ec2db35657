/** A provider's or the server's refusal, in red under the card form (spec). */
export function PaymentError({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-4 text-sm font-semibold text-accent">
      {message}
    </p>
  );
}
