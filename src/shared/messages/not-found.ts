export const notFoundMessage = "OOPS! THAT PAGE CAN'T BE FOUND.";
