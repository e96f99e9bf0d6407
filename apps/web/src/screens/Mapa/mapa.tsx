export default function MapaScreen() {
  return <h1>Mapa</h1>;
}
