export default function CanalScreen() {
  return <h1>Canal</h1>;
}
