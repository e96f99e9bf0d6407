import { Navigate, type RouteObject } from 'react-router';
import { FIXED_MAP_REDIRECTS } from '@nomadas/shared';
import { lazyScreen } from './lazyScreen';
import { Shell } from './Shell';

// One lazy chunk per screen, each file named as the spec's chunk (spec §7).
const Landing = lazyScreen(() => import('../screens/Landing/landing'));
const Mapa = lazyScreen(() => import('../screens/Mapa/mapa'));
const MapaLocation = lazyScreen(() => import('../screens/MapaLocation/mapaLocation'));
const MiPerfil = lazyScreen(() => import('../screens/MiPerfil/miPerfil'));
const Perfil = lazyScreen(() => import('../screens/Perfil/perfil'));
const ConfirmarEmail = lazyScreen(() => import('../screens/ConfirmarEmail/confirmarEmail'));
const Legal = lazyScreen(() => import('../screens/Legal/legal'));
const NuevoPass = lazyScreen(() => import('../screens/NuevoPass/nuevopass'));
const Canales = lazyScreen(() => import('../screens/Canales/canales'));
const Canal = lazyScreen(() => import('../screens/Canal/canal'));
const VideoCanal = lazyScreen(() => import('../screens/VideoCanal/VideoCanal'));
const Verificar = lazyScreen(() => import('../screens/Verificar/verificar'));
const Contacto = lazyScreen(() => import('../screens/Contacto/contacto'));
const Premium = lazyScreen(() => import('../screens/Premium/premium'));
const Muro = lazyScreen(() => import('../screens/Muro/muro'));
const QuienesSomos = lazyScreen(() => import('../screens/QuienesSomos/quienesSomos'));
const Moderacion = lazyScreen(() => import('../screens/Moderacion/moderacion'));
const Guia = lazyScreen(() => import('../screens/Guia/guia'));
const PrimerosPasos = lazyScreen(() => import('../screens/PrimerosPasos/primerosPasos'));
const NotFound = lazyScreen(() => import('../screens/NotFound/404'));

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/mapa', element: <Mapa /> },
      { path: '/mapa/location/:urlpoint', element: <MapaLocation /> },
      { path: '/perfil', element: <MiPerfil /> },
      { path: '/perfil/:name', element: <Perfil /> },
      { path: '/perfil/email/:code', element: <ConfirmarEmail /> },
      { path: '/legal', element: <Legal /> },
      { path: '/nuevopass/:code', element: <NuevoPass /> },
      { path: '/canales', element: <Canales /> },
      { path: '/canales/:name', element: <Canal /> },
      { path: '/canales/:name/:videoname', element: <VideoCanal /> },
      { path: '/subscribe/:canal', element: <Canal /> },
      { path: '/verificar/:code', element: <Verificar /> },
      { path: '/contacto', element: <Contacto /> },
      { path: '/premium', element: <Premium /> },
      { path: '/muro/:post?', element: <Muro /> },
      { path: '/tags/:tag', element: <Muro /> },
      { path: '/quienes_somos', element: <QuienesSomos /> },
      { path: '/moderacion', element: <Moderacion /> },
      { path: '/guia', element: <Guia /> },
      { path: '/primeros-pasos', element: <PrimerosPasos /> },
      { path: '/mapitems/areasac/:keyword?/:value?', element: <Navigate to="/mapa" replace /> },
      ...Object.entries(FIXED_MAP_REDIRECTS).map(([from, to]) => ({
        path: from,
        element: <Navigate to={to} replace />,
      })),
      { path: '*', element: <NotFound /> },
    ],
  },
];
