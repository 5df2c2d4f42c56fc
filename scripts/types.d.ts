declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
