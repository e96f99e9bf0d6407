export default function ContactoScreen() {
  return <h1>Contacto</h1>;
}
