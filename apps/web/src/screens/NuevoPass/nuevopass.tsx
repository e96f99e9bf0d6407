export default function NuevoPassScreen() {
  return <h1>Nueva contraseña</h1>;
}
