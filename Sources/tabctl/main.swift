// Entry point; commands come with the client.

