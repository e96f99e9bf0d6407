export default function MiPerfilScreen() {
  return <h1>Mi perfil</h1>;
}
