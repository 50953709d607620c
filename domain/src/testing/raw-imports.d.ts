/** Vite's `?raw` imports: test fixtures read as text without file I/O in the domain. */
declare module '*?raw' {
  const content: string;
  export default content;
}
