// The stranger at the ford: a season to find a place in Riverford. Ids only: the words are in story.json, in cn and en.
// money, energy, day, place, employed, known and errand are read from the committed world; the ink never assigns them.
VAR money = 0
VAR energy = 0
VAR day = 1
VAR place = ""
VAR employed = false
VAR known = 0
VAR errand = "none"
VAR doubt = 0
VAR progress = 0

-> landfall

=== landfall ===
# chapter: landfall
# situation: stranger
~ progress = 10
{ employed: -> the_quay }
{ day > 40: -> winter }
+ {place != "quayside"} [walk_to_quay]
    ~ progress = 30
    -> landfall
+ {place == "quayside"} [ask_osric]
    ~ progress = 60
    -> landfall
+ [listen_at_inn] -> landfall
+ [doubt_the_road]
    ~ doubt += 1
    { doubt >= 2: -> downriver }
    -> landfall

=== the_quay ===
# chapter: the_quay
# situation: hauling
~ progress = 20 + (money - 120) / 2
{ money >= 200 || errand == "completed": -> the_ford }
{ day > 40: -> winter }
{ energy < 30: -> spent }
+ {place != "quayside"} [walk_to_quay] -> the_quay
+ {place == "quayside"} [haul_sacks] -> the_quay
+ [doubt_the_road]
    ~ doubt += 1
    { doubt >= 2: -> downriver }
    -> the_quay

= spent
# situation: aching
+ [rest_a_while] -> the_quay
+ [doubt_the_road]
    ~ doubt += 1
    { doubt >= 2: -> downriver }
    -> the_quay

=== the_ford ===
# chapter: the_ford
# situation: full_purse
~ progress = 70
+ [give_alms] -> freeman
+ {energy >= 15} [take_boat] -> drifter
+ {energy < 15} [rest_a_while] -> the_ford

=== downriver ===
# situation: restless
~ progress = 50
+ {energy >= 15} [take_boat] -> drifter
+ {energy < 15} [rest_a_while] -> downriver
+ [listen_at_inn]
    ~ doubt = 0
    { employed: -> the_quay | -> landfall }

=== freeman ===
# ending: freeman
~ progress = 100
-> END

=== drifter ===
# ending: drifter
~ progress = 100
-> END

=== winter ===
# ending: winter
~ progress = 100
-> END
