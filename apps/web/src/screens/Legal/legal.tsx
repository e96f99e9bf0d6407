export default function LegalScreen() {
  return <h1>Términos legales</h1>;
}
