export * from "lib-server/express4";
export { default } from "lib-server/express4";
