import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** The global shell of spec §2 around every screen. */
export function Shell() {
  return (
    <Suspense fallback={null}>
      <main id="contenido">
        <Outlet />
      </main>
    </Suspense>
  );
}
