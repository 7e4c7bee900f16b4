/** The OpenAPI validator the tests share: the emulator's own (`emulator/server/openapi-validator.ts`, its strict mode's). */
export * from "../../../emulator/server/openapi-validator";
