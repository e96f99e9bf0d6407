export default function VideoCanalScreen() {
  return <h1>Vídeo</h1>;
}
