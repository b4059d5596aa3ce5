// PostGraphile 5 with its recommended "amber" preset, on the same PostgreSQL data as Roost.
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";
import { makePgService } from "postgraphile/adaptors/pg";

export default {
  extends: [PostGraphileAmberPreset],
  pgServices: [makePgService({ connectionString: process.env.DATABASE_URL, schemas: ["public"] })],
  grafserv: { host: "127.0.0.1", port: Number(process.env.PORT), graphiql: false },
  grafast: { explain: false },
};
