// esbuild loads .css as text (scripts/build.mjs: loader { '.css': 'text' }).
declare module '*.css' {
  const text: string;
  export default text;
}
