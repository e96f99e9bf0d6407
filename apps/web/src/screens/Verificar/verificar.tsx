export default function VerificarScreen() {
  return <h1>Activar cuenta</h1>;
}
