export default function MuroScreen() {
  return <h1>Muro</h1>;
}
