export default function PremiumScreen() {
  return <h1>Premium</h1>;
}
