export default function NotFoundScreen() {
  return <h1>Página no encontrada</h1>;
}
