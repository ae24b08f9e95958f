import { Link, Outlet } from 'react-router';

export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b bg-white">
        <nav aria-label="Main" className="mx-auto flex max-w-7xl gap-6 px-4 py-4">
          <Link to="/" className="font-bold">Bi-Cycle Store</Link>
          <Link to="/">Home</Link>
          <Link to="/shop">Shop</Link>
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
        </nav>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  );
}
