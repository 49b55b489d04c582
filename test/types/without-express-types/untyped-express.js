// Stands for the express package without @types/express (see tsconfig.json): never run.
module.exports = function express() {};
