// Imported first by tree.test.js: every router built after this gets a tree.
import { treeAbove } from "../../src/router/chain-index.js";

treeAbove(0);
