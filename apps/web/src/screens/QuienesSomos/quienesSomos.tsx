export default function QuienesSomosScreen() {
  return <h1>Quiénes somos</h1>;
}
