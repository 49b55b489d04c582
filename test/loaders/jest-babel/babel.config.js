// babel-jest with @babel/preset-env for the running Node: ES import syntax compiled to
// require() calls.
module.exports = { presets: [["@babel/preset-env", { targets: { node: "current" } }]] };
