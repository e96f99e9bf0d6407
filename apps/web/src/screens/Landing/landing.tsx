export default function LandingScreen() {
  return <h1>Inicio</h1>;
}
