/** SPEC §2 keeps the seed's spelling ("instution") for the organization detail route. */
export const detailPath = (record: { id?: unknown; accountType?: unknown }) =>
  `/contacts/${record.accountType === "individual" ? "natural" : "instution"}-detail/${String(record.id)}`;
