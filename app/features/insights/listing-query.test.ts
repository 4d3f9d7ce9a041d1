import { expect, test } from "vitest";
import { countLabel, listingHref, parseListingQuery } from "#app/features/insights/listing-query.ts";

test("the query string gives the category and page; a bad page means the first", () => {
  expect(parseListingQuery(new URLSearchParams("category=AI%20%26%20ML&page=3"))).toEqual({ category: "AI & ML", page: 3 });
  for (const page of ["0", "-1", "abc", "1.5", "", "9999999"]) {
    expect(parseListingQuery(new URLSearchParams({ page })).page, page).toBe(1);
  }
  expect(parseListingQuery(new URLSearchParams("category=%20")).category).toBeNull();
});

test("a control character or an over-long category or page is refused with a 400 naming it", () => {
  const statusOf = (query: string) => {
    try {
      parseListingQuery(new URLSearchParams(query));
      return 200;
    } catch (thrown) {
      return (thrown as { init: ResponseInit | null }).init?.status;
    }
  };
  for (const query of ["category=%00", "category=Cloud%0A", "page=%00", "page=2%01", `category=${"x".repeat(201)}`, `page=${"1".repeat(21)}`]) {
    expect(statusOf(query), query).toBe(400);
  }
  expect(statusOf(`category=${"x".repeat(200)}&page=${"1".repeat(20)}`)).toBe(200);
});

test("each view has one address: All and page 1 leave their parameter out", () => {
  expect(listingHref({ category: null, page: 1 })).toBe("/featured-insights");
  expect(listingHref({ category: null, page: 2 })).toBe("/featured-insights?page=2");
  expect(listingHref({ category: "AI & ML", page: 1 })).toBe("/featured-insights?category=AI+%26+ML");
  expect(listingHref({ category: "Cloud", page: 2 })).toBe("/featured-insights?category=Cloud&page=2");
});

test("counts read naturally", () => {
  expect(countLabel(0)).toBe("0 insights");
  expect(countLabel(1)).toBe("1 insight");
  expect(countLabel(12)).toBe("12 insights");
});
