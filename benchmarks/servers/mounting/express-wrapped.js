import express from "express";
import { startMounted } from "./app.js";

startMounted(express, "wrapped");
