export default function PerfilScreen() {
  return <h1>Perfil</h1>;
}
