export function DashboardApp() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Dashboard</h1>
    </main>
  );
}
