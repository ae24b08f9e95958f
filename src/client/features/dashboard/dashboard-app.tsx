import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { messages } from '#shared/messages.ts';
import { useAppSelector } from '#client/app/hooks.ts';
import { selectRole, selectToken } from '../auth/auth-slice.ts';
import { AllProductsPage } from './bicycles/all-products-page.tsx';
import { CreateBicyclePage } from './bicycles/create-bicycle-page.tsx';
import { UpdateBicyclePage } from './bicycles/update-bicycle-page.tsx';
import { DashboardLayout } from './layout/dashboard-layout.tsx';
import { ManageOrdersPage } from './orders/manage-orders-page.tsx';
import { SummaryPage } from './summary/summary-page.tsx';
import { ManageUsersPage } from './users/manage-users-page.tsx';

/** The admin area: only admins get in; others go to sign in or back to the store. */
export function DashboardApp() {
  const token = useAppSelector(selectToken);
  const role = useAppSelector(selectRole);
  const location = useLocation();
  if (!token) return <Navigate to="/sign-in" replace state={{ from: location }} />;
  if (role !== 'admin') return <Navigate to="/" replace />;
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<SummaryPage />} />
        <Route path="order-management" element={<ManageOrdersPage />} />
        <Route path="user-management" element={<ManageUsersPage />} />
        <Route path="bicycle-management" element={<AllProductsPage />} />
        <Route path="bicycle-management/:id" element={<UpdateBicyclePage />} />
        <Route path="add-bicycle" element={<CreateBicyclePage />} />
        <Route path="*" element={<DashboardNotFound />} />
      </Route>
    </Routes>
  );
}

function DashboardNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">{messages.notFound}</h1>
      <Link
        to="/dashboard"
        className="mt-6 inline-block rounded-lg bg-slate-900 px-4 py-2 text-white"
      >
        Back to Dashboard
      </Link>
    </div>
  );
}
