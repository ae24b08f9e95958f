export function ContactPage() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Contact</h1>
    </main>
  );
}
