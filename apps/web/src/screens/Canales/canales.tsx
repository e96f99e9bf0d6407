export default function CanalesScreen() {
  return <h1>Canales</h1>;
}
