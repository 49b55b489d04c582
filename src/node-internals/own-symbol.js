// Node keeps most of what lib-server reads of its internals under symbols it does not export:
// found by their description, on the object that holds them.

/** The symbol-keyed own property of `object` Node declared as Symbol(description), or undefined. */
export const ownSymbol = (object, description) =>
  Object.getOwnPropertySymbols(object).find((symbol) => symbol.description === description);
