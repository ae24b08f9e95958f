import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { notFoundMessage } from '#shared/messages/not-found.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectRole, selectToken } from '#client/lib/session.ts';
import { AllProductsPage } from './bicycles/all-products-page.tsx';
import { CreateBicyclePage } from './bicycles/create-bicycle-page.tsx';
import { UpdateBicyclePage } from './bicycles/update-bicycle-page.tsx';
import { DashboardLayout } from './layout/dashboard-layout.tsx';
import { ShopsPage } from './locations/shops-page.tsx';
import { SHOPS_SECTION } from './locations/shops-nav.ts';
import { ManageOrdersPage } from './orders/manage-orders-page.tsx';
import { OrderDetailPage } from './orders/order-detail-page.tsx';
import { PackingSlipPage } from './orders/packing-slip-page.tsx';
import { ManageReviewsPage } from './reviews/manage-reviews-page.tsx';
import { SummaryPage } from './summary/summary-page.tsx';
import { ManageUsersPage } from './users/manage-users-page.tsx';
import { dashboardSections, paths } from '#client/lib/paths.ts';

/** The admin area: only admins get in; others go to sign in or back to the store. */
export function DashboardApp() {
  const token = useAppSelector(selectToken);
  const role = useAppSelector(selectRole);
  const location = useLocation();
  if (!token) return <Navigate to={paths.signIn} replace state={{ from: location }} />;
  if (role !== 'admin') return <Navigate to={paths.home} replace />;
  return (
    <Routes>
      {/* The slip is printed: it stands outside the dashboard's sidebar and top bar. */}
      <Route path={`${dashboardSections.orders}/:number/slip`} element={<PackingSlipPage />} />
      <Route element={<DashboardLayout />}>
        <Route index element={<SummaryPage />} />
        <Route path={dashboardSections.orders} element={<ManageOrdersPage />} />
        <Route path={`${dashboardSections.orders}/:number`} element={<OrderDetailPage />} />
        <Route path={SHOPS_SECTION} element={<ShopsPage />} />
        <Route path={dashboardSections.users} element={<ManageUsersPage />} />
        <Route path={dashboardSections.bicycles} element={<AllProductsPage />} />
        <Route path={`${dashboardSections.bicycles}/:id`} element={<UpdateBicyclePage />} />
        <Route path={dashboardSections.addBicycle} element={<CreateBicyclePage />} />
        <Route path="reviews" element={<ManageReviewsPage />} />
        <Route path="*" element={<DashboardNotFound />} />
      </Route>
    </Routes>
  );
}

function DashboardNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">{notFoundMessage}</h1>
      <Link
        to={paths.dashboard.home}
        className="mt-6 inline-block rounded-lg bg-slate-900 px-4 py-2 text-white"
      >
        Back to Dashboard
      </Link>
    </div>
  );
}
