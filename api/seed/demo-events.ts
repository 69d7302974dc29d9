/**
 * The demo events. They are all in 2027 so they are still upcoming when the
 * demo site is shown; times are written in the site's time zone (New York).
 */
import type { EventLocation } from '../db/schema.ts';
import type { DemoEvent } from './demo-types.ts';

const ROASTERY: EventLocation = {
  addressTitle: 'Fernwood Roastery',
  addressLine1: '112 Exchange Street',
  addressLine2: 'Portland, ME 04101',
  addressCountry: 'United States',
  mapLat: 43.6579,
  mapLng: -70.2553,
  mapZoom: 15,
};

export const DEMO_LOCATION = ROASTERY;

export const DEMO_EVENTS: DemoEvent[] = [
  {
    slug: 'spring-cupping-new-harvest-colombia',
    title: 'Spring Cupping: New Harvest from Colombia',
    excerpt:
      '<p>Taste this year’s lots from Huila side by side, before we decide which ones make it into House Blend.</p>',
    body: [
      '<p>Join our roasters at the cupping table for a guided, hands-on tasting of five new-crop Colombian coffees. No experience needed: we will show you how to smell, slurp and score.</p>',
      '<p>Free, but places are limited to twelve. Reply to our newsletter or ask at the counter to save a spot.</p>',
    ].join(''),
    tags: ['tasting', 'free'],
    categories: ['Tastings'],
    startDate: '2027-03-13T10:00:00-05:00',
    endDate: '2027-03-13T11:30:00-05:00',
    location: ROASTERY,
    image: 'gallery-cupping-table.svg',
    publishOn: '2026-01-20T14:00:00Z',
  },
  {
    slug: 'pottery-and-pour-over',
    title: 'Pottery & Pour-Over: Make Your Own Mug',
    excerpt:
      '<p>An afternoon at the wheel with Tidewater Clay Studio, with coffee on tap. Your mug is glazed, fired and ready three weeks later.</p>',
    body: [
      '<p>Jess from Tidewater Clay Studio will walk you through centering, opening and pulling up the walls of a mug, while we keep the pour-overs coming.</p>',
      '<p>Tickets include all clay, glazing and firing. Suitable for complete beginners; wear clothes you do not mind getting muddy.</p>',
    ].join(''),
    tags: ['workshop', 'ceramics'],
    categories: ['Workshops'],
    startDate: '2027-04-17T13:00:00-04:00',
    endDate: '2027-04-17T16:00:00-04:00',
    location: {
      addressTitle: 'Tidewater Clay Studio',
      addressLine1: '45 Fore Street',
      addressLine2: 'Portland, ME 04101',
      addressCountry: 'United States',
      mapLat: 43.6561,
      mapLng: -70.2534,
      mapZoom: 15,
    },
    image: 'gallery-pottery-wheel.svg',
    publishOn: '2026-01-27T14:00:00Z',
  },
  {
    slug: 'farmers-market-opening-day',
    title: 'Farmers’ Market Opening Day',
    excerpt:
      '<p>The market season starts again. Find the Fernwood stall for cold brew, fresh bags and the first mugs of the year.</p>',
    body: [
      '<p>We are back at Deering Oaks every Saturday morning until November. On opening day the first fifty cold brews are on us.</p>',
    ].join(''),
    tags: ['market', 'free'],
    categories: ['Markets'],
    startDate: '2027-05-22T07:00:00-04:00',
    endDate: '2027-05-22T12:00:00-04:00',
    location: {
      addressTitle: 'Portland Farmers’ Market',
      addressLine1: 'Deering Oaks Park',
      addressLine2: 'Portland, ME 04102',
      addressCountry: 'United States',
      mapLat: 43.6623,
      mapLng: -70.2718,
      mapZoom: 15,
    },
    image: 'gallery-market-stall.svg',
    publishOn: '2026-02-10T14:00:00Z',
  },
  {
    slug: 'harbor-night-coffee-social',
    title: 'Harbor Night Coffee Social',
    excerpt:
      '<p>Iced coffee, tonic and espresso, and a summer evening by the water with live music from the Casco Bay String Band.</p>',
    body: [
      '<p>Our summer party moves to the waterfront. Espresso tonics, cold brew floats and decaf for the late crowd, with music from 7 pm.</p>',
      '<p>All ages. Bring a sweater; it gets cool by the water once the sun goes down.</p>',
    ].join(''),
    tags: ['party', 'music'],
    categories: ['Socials'],
    startDate: '2027-07-09T18:30:00-04:00',
    endDate: '2027-07-09T21:00:00-04:00',
    location: {
      addressTitle: 'Custom House Wharf',
      addressLine1: 'Commercial Street',
      addressLine2: 'Portland, ME 04101',
      addressCountry: 'United States',
      mapLat: 43.6568,
      mapLng: -70.2507,
      mapZoom: 16,
    },
    image: 'gallery-harbor-dusk.svg',
    publishOn: '2026-02-17T14:00:00Z',
  },
  {
    slug: 'fifth-anniversary-open-house',
    title: 'Fifth Anniversary Open House',
    excerpt:
      '<p>Five years of Fernwood! Roastery tours every hour, a limited anniversary roast and cake from our neighbours at Dovetail Bakery.</p>',
    body: [
      '<p>Come and see where your coffee is roasted. We will run short tours of the roastery on the hour, pour tasters of our anniversary roast and cut the cake at 3 pm.</p>',
      '<p>Everyone who visits goes home with a bag of the anniversary roast while it lasts.</p>',
    ].join(''),
    tags: ['anniversary', 'free', 'tours'],
    categories: ['Socials'],
    startDate: '2027-10-02T11:00:00-04:00',
    endDate: '2027-10-02T17:00:00-04:00',
    location: ROASTERY,
    image: 'gallery-storefront.svg',
    publishOn: '2026-03-03T14:00:00Z',
  },
];
