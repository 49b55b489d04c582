// What every server of the real-world scenario answers, and how it is asked.
export const TOKEN = "Bearer bench-token";

export const userOf = (id, theme) => ({ id, name: `user ${id}`, role: "member", theme });

export const createdUser = (body) => ({ id: 1001, ...body });
